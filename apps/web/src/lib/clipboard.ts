import { toast } from '../components/ui/toast-store.ts';

/** Copies `text`: 'Copied!' naming `what`, or the text itself to copy by hand when the browser refuses. */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied!', description: `${what} copied to the clipboard.` });
  } catch {
    toast({ title: 'Copy failed', description: text, variant: 'destructive' });
  }
}
