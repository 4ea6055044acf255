import type { ReactNode } from 'react';

/** Inline markdown of the rules text: **bold**, _italic_ and `code`. */
export function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\*\*(.+?)\*\*|`([^`]+)`|(?<![\w])_(.+?)_(?![\w])/g;
  let last = 0;
  let key = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(<strong key={key++}>{m[1]}</strong>);
    else if (m[2] !== undefined)
      out.push(
        <code
          key={key++}
          className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] break-all text-slate-800"
        >
          {m[2]}
        </code>,
      );
    else out.push(<em key={key++}>{m[3]}</em>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

interface Block {
  kind: 'p' | 'ul' | 'ol';
  items: { text: string; children: string[] }[];
}

/** Paragraphs and (one level of nested) lists: what the nine rules sections use. */
export function Markdown({ source }: { source: string }) {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const raw of source.split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      current = null;
      continue;
    }
    const bullet = /^(\s*)(?:[-*]|(\d+)\.)\s+(.*)$/.exec(line);
    if (bullet) {
      const nested = bullet[1].length >= 2 && current && current.kind !== 'p';
      if (nested && current) {
        current.items[current.items.length - 1].children.push(bullet[3]);
        continue;
      }
      const kind = bullet[2] ? 'ol' : 'ul';
      if (!current || current.kind !== kind) {
        current = { kind, items: [] };
        blocks.push(current);
      }
      current.items.push({ text: bullet[3], children: [] });
      continue;
    }
    if (current && current.kind !== 'p' && /^\s+/.test(line)) {
      const item = current.items[current.items.length - 1];
      if (item.children.length) item.children[item.children.length - 1] += ` ${line.trim()}`;
      else item.text += ` ${line.trim()}`;
      continue;
    }
    if (current?.kind === 'p') {
      current.items[0].text += ` ${line.trim()}`;
    } else {
      current = { kind: 'p', items: [{ text: line.trim(), children: [] }] };
      blocks.push(current);
    }
  }
  return (
    <>
      {blocks.map((b, i) => {
        const key = `${b.kind}-${i}`;
        if (b.kind === 'p') return <p key={key}>{inline(b.items[0].text)}</p>;
        const List = b.kind === 'ul' ? 'ul' : 'ol';
        return (
          <List
            key={key}
            className={b.kind === 'ul' ? 'list-disc space-y-1 pl-5' : 'list-decimal space-y-1 pl-5'}
          >
            {b.items.map((item) => (
              <li key={item.text}>
                {inline(item.text)}
                {item.children.length > 0 && (
                  <ul className="mt-1 list-[circle] space-y-1 pl-5">
                    {item.children.map((c) => (
                      <li key={c}>{inline(c)}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </List>
        );
      })}
    </>
  );
}

/** The numbered sections (`## 1. Title`) of the rules text, in order. */
export function rulesSections(source: string): { number: number; title: string; body: string }[] {
  const out: { number: number; title: string; body: string }[] = [];
  const parts = source.split(/^## /m).slice(1);
  for (const part of parts) {
    const m = /^(\d+)\.\s+(.*)\n([\s\S]*)$/.exec(part);
    if (m) out.push({ number: Number(m[1]), title: m[2].trim(), body: m[3].trim() });
  }
  return out;
}
