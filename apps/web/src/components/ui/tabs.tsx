import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface TabsProps {
  tabs: { value: string; label: ReactNode; content: ReactNode }[];
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  label: string;
  className?: string;
}

/** Tabs with the keyboard behaviour of Radix (arrow keys between tabs). */
export function Tabs({ tabs, defaultValue, value, onValueChange, label, className }: TabsProps) {
  return (
    <RadixTabs.Root
      defaultValue={defaultValue ?? tabs[0]?.value}
      value={value}
      onValueChange={onValueChange}
      className={className}
    >
      <RadixTabs.List
        aria-label={label}
        className="inline-flex max-w-full flex-wrap rounded-lg bg-slate-100 p-1"
      >
        {tabs.map((t) => (
          <RadixTabs.Trigger
            key={t.value}
            value={t.value}
            className="rounded-md px-4 py-1.5 text-sm font-medium text-slate-600 focus-visible:outline-2 focus-visible:outline-amber-500 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow"
          >
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value} className={cn('mt-4 focus:outline-none')}>
          {t.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
