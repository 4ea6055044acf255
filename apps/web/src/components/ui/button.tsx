import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

type Variant = 'primary' | 'secondary' | 'outline' | 'destructive' | 'ghost' | 'inverse';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-amber-700 text-white hover:bg-amber-800',
  secondary: 'bg-slate-800 text-white hover:bg-slate-900',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  destructive: 'bg-red-600 text-white hover:bg-red-700',
  ghost: 'text-slate-700 hover:bg-slate-100',
  /** On a dark background. */
  inverse: 'border border-white/60 text-white hover:bg-white/10',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** 'icon': a small square button holding an icon only (give it an aria-label). */
  size?: 'sm' | 'md' | 'lg' | 'icon';
}

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 disabled:cursor-not-allowed disabled:opacity-50',
        size === 'sm' && 'h-8 px-3 text-sm',
        size === 'md' && 'h-10 px-4 text-sm',
        size === 'lg' && 'h-12 px-6 text-base',
        size === 'icon' && 'h-8 w-8',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}

/** The same look for a link (router links pass their own element). */
export const buttonClass = (variant: Variant = 'primary', size: 'sm' | 'md' | 'lg' = 'md'): string =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500',
    size === 'sm' && 'h-8 px-3 text-sm',
    size === 'md' && 'h-10 px-4 text-sm',
    size === 'lg' && 'h-12 px-6 text-base',
    VARIANTS[variant],
  );
