import { Button } from '../../../components/ui/button.tsx';
import type { ThreadNode } from '../lib/thread.ts';
import { FeedbackForm } from './FeedbackForm.tsx';

interface Replying {
  /** The feedback being answered, if any: one at a time. */
  target: string | null;
  setTarget: (id: string | null) => void;
}

/** Threads and their replies, each with a Reply button; a reply's form opens under what it answers. */
export function FeedbackThreads({ nodes, replying }: { nodes: ThreadNode[]; replying: Replying }) {
  return (
    <ul className="space-y-3">
      {nodes.map((node) => (
        <FeedbackItem key={node.item.id} node={node} replying={replying} />
      ))}
    </ul>
  );
}

function FeedbackItem({ node, replying }: { node: ThreadNode; replying: Replying }) {
  const { item, replyTo, replies } = node;
  const open = replying.target === item.id;
  return (
    <li aria-label={`Feedback from ${item.name}`} className="min-w-0">
      <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold wrap-anywhere text-slate-900">{item.name}</span>
          <time dateTime={item.createdAt} className="text-xs text-slate-500">
            {new Date(item.createdAt).toLocaleString()}
          </time>
        </p>
        {replyTo && <p className="mt-1 text-xs text-slate-500">↪ replying to {replyTo}</p>}
        {/* Text, never markup: React escapes it; line breaks are kept. */}
        <p className="mt-2 text-sm whitespace-pre-wrap break-words text-slate-700">{item.message}</p>
        {!open && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-1 -ml-2"
            onClick={() => replying.setTarget(item.id)}
          >
            Reply
          </Button>
        )}
        {open && (
          <section aria-label="Reply to Feedback" className="mt-3 border-t border-slate-100 pt-3">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Reply to Feedback</h3>
            <FeedbackForm reply={{ parentId: item.id, onClose: () => replying.setTarget(null) }} />
          </section>
        )}
      </div>
      {replies.length > 0 && (
        <div className="mt-3 ml-2 border-l-2 border-slate-200 pl-2 sm:ml-4 sm:pl-4">
          <FeedbackThreads nodes={replies} replying={replying} />
        </div>
      )}
    </li>
  );
}
