import type { FeedbackThread } from '@sbc/api';

/**
 * Replies indent one step per level down to this depth (a thread itself is depth 0); deeper ones
 * are shown flat at it, each naming whom it answers, so that a long exchange stays readable on a
 * 375-px phone.
 */
export const MAX_REPLY_DEPTH = 3;

/** A feedback as displayed: its replies already capped, and whom it answers when shown flat. */
export interface ThreadNode {
  item: FeedbackThread;
  replyTo?: string;
  replies: ThreadNode[];
}

/**
 * Every reply below `parent`, each followed by its own (so an answer comes after what it
 * answers), naming whom it answers unless that is `top`, under which they are all shown.
 */
function flatten(parent: FeedbackThread, top: FeedbackThread): ThreadNode[] {
  return parent.replies.flatMap((reply) => [
    { item: reply, replyTo: parent === top ? undefined : parent.name, replies: [] },
    ...flatten(reply, top),
  ]);
}

/** The threads as displayed: nested down to `maxDepth`, every deeper reply flat at that depth. */
export function capDepth(items: FeedbackThread[], maxDepth = MAX_REPLY_DEPTH, depth = 0): ThreadNode[] {
  return items.map((item) => ({
    item,
    replies: depth + 1 < maxDepth ? capDepth(item.replies, maxDepth, depth + 1) : flatten(item, item),
  }));
}
