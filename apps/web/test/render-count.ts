/**
 * Counts the components React renders while a test asks: a stand-in for React DevTools' hook, which
 * react-dom looks for when it loads (setup.ts imports this module first). With it React times every
 * fiber's work (its profile mode): a fiber began in a render when its start time is not older than
 * the root's in that render, and it ran, rather than bailed out, when it has PerformedWork.
 */
interface Fiber {
  tag: number;
  type: { displayName?: string; name?: string; render?: { name?: string } } | string | null;
  flags: number;
  actualStartTime?: number;
  child: Fiber | null;
  sibling: Fiber | null;
}

/** Function, class, forwardRef and memo (without a comparison) components. */
const COMPONENTS = new Set([0, 1, 11, 15]);
const PERFORMED_WORK = 1;

let counts: Map<string, number> | null = null;

function nameOf({ tag, type }: Fiber): string {
  if (!type || typeof type === 'string') return String(type);
  return (tag === 11 ? type.render?.name : (type.displayName ?? type.name)) || 'Anonymous';
}

function tally(root: Fiber, into: Map<string, number>): void {
  const start = root.actualStartTime ?? 0;
  const stack: Fiber[] = [root];
  for (let fiber = stack.pop(); fiber; fiber = stack.pop()) {
    if (fiber.sibling) stack.push(fiber.sibling);
    // A subtree this render did not reach keeps the times of an older one.
    if ((fiber.actualStartTime ?? -1) < start) continue;
    if (COMPONENTS.has(fiber.tag) && fiber.flags & PERFORMED_WORK)
      into.set(nameOf(fiber), (into.get(nameOf(fiber)) ?? 0) + 1);
    if (fiber.child) stack.push(fiber.child);
  }
}

Object.assign(globalThis, {
  __REACT_DEVTOOLS_GLOBAL_HOOK__: {
    supportsFiber: true,
    inject: () => 1,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      if (counts) tally(root.current, counts);
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
  },
});

/** Counts renders from now; the returned function stops and gives each component's count. */
export function countRenders(): () => Map<string, number> {
  const mine = new Map<string, number>();
  counts = mine;
  return () => {
    counts = null;
    return mine;
  };
}
