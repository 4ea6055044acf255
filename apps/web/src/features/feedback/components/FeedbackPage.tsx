import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { useFeedbackThreads } from '../api/feedback.ts';
import { capDepth } from '../lib/thread.ts';
import { FeedbackForm } from './FeedbackForm.tsx';
import { FeedbackThreads } from './FeedbackThreads.tsx';

/** /feedback, for visitors and users: the form, then 'Community Thoughts' with nested replies. */
export function FeedbackPage() {
  const { data, isPending, isError } = useFeedbackThreads();
  const [target, setTarget] = useState<string | null>(null);
  const nodes = useMemo(() => capDepth(data ?? []), [data]);
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
      <Link to="/" className="text-sm font-medium text-amber-700 hover:underline">
        ← Back to home
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Community Feedback</h1>
      <p className="mt-2 text-slate-600">
        Ideas, bug reports, questions about the rules: tell us and other players what you think.
      </p>
      <Card title="Share Your Thoughts" className="mt-6">
        <FeedbackForm />
      </Card>
      <section className="mt-8" aria-labelledby="community-thoughts">
        <h2 id="community-thoughts" className="mb-4 text-xl font-semibold text-slate-900">
          Community Thoughts
        </h2>
        {isPending && <p className="text-sm text-slate-500">Loading feedback...</p>}
        {isError && <p className="text-sm text-red-600">Feedback could not be loaded right now.</p>}
        {data?.length === 0 && (
          <p className="text-sm text-slate-500">No feedback yet. Be the first to share your thoughts!</p>
        )}
        <FeedbackThreads nodes={nodes} replying={{ target, setTarget }} />
      </section>
    </main>
  );
}
