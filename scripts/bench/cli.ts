/** A benchmark's command line: its options, and what it prints beside its figures. */
import { loadavg } from 'node:os';

/** `--name <text>` from the command line, if given. */
export function textOption(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

/** `--name <number>` from the command line, else `fallback`. */
export function option(name: string, fallback: number): number {
  const text = textOption(name);
  return text === undefined ? fallback : Number(text);
}

/** Each of `defaults`' counts, or `--<key> <number>` from the command line (a seed's sizes). */
export const counts = <T extends { [K in keyof T]: number }>(defaults: T): T =>
  Object.fromEntries(Object.entries(defaults).map(([key, n]) => [key, option(`--${key}`, n as number)])) as T;

export const flag = (name: string): boolean => process.argv.includes(name);

/** The load average over 1, 5 and 15 minutes: the figures beside it are only as quiet as the machine. */
export const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The `q` quantile (0 to 1; 1 the largest) of some figures, 0 when there are none. */
export function quantile(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
}
