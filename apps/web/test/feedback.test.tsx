import type { FeedbackThread } from '@sbc/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FEEDBACK_POLL_MS } from '../src/features/feedback/api/feedback.ts';
import { FeedbackPage } from '../src/features/feedback/components/FeedbackPage.tsx';
import { capDepth, MAX_REPLY_DEPTH, type ThreadNode } from '../src/features/feedback/lib/thread.ts';
import { renderApp, serve } from './helpers.tsx';

let clock = 0;
function item(name: string, replies: FeedbackThread[] = [], message = `Thoughts of ${name}`): FeedbackThread {
  clock++;
  return {
    id: name,
    name,
    message,
    isPublic: 1,
    createdAt: new Date(Date.UTC(2025, 8, 13, 10, clock)).toISOString(),
    parentId: null,
    replies: replies.map((r) => ({ ...r, parentId: name })),
  };
}

/** A chain: a thread `names[0]`, answered by names[1], answered by names[2], and so on. */
const chain = (names: string[]): FeedbackThread =>
  names.reduceRight<FeedbackThread | null>((inner, name) => item(name, inner ? [inner] : []), null)!;

/** The displayed tree as nested names, a flat reply as "name→whom it answers". */
const shape = (nodes: ThreadNode[]): unknown[] =>
  nodes.map((n) => {
    const label = n.replyTo ? `${n.item.name}→${n.replyTo}` : n.item.name;
    return n.replies.length ? [label, shape(n.replies)] : label;
  });

describe('feedback threads', () => {
  it('nest replies down to the cap, and show deeper ones flat at it, naming whom they answer', () => {
    expect(MAX_REPLY_DEPTH).toBe(3);
    const thread = chain(['a', 'b', 'c', 'd', 'e', 'f']);
    // a (depth 0) > b (1) > c (2) > d (3); e and f, deeper, sit beside d and say whom they answer.
    expect(shape(capDepth([thread]))).toEqual([['a', [['b', [['c', ['d', 'e→d', 'f→e']]]]]]]);
  });

  it('keep each flattened answer right after what it answers, and shallow threads as they are', () => {
    const thread = item('a', [item('b', [item('c', [item('d', [item('e')]), item('x')])]), item('y')]);
    expect(shape(capDepth([thread]))).toEqual([['a', [['b', [['c', ['d', 'e→d', 'x']]]], 'y']]]);
    expect(shape(capDepth([item('solo')]))).toEqual(['solo']);
    expect(shape(capDepth([chain(['p', 'q', 'r'])], 1))).toEqual([['p', ['q', 'r→q']]]);
  });
});

describe('/feedback', () => {
  it('says when there is no feedback yet', async () => {
    serve({ 'GET /api/feedback/with-replies': { status: 200, body: [] } });
    renderApp(<FeedbackPage />);
    expect(await screen.findByText('No feedback yet. Be the first to share your thoughts!')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Community Thoughts' })).toBeTruthy();
  });

  it('shows replies nested under what they answer, and markup as plain text', async () => {
    serve({
      'GET /api/feedback/with-replies': {
        status: 200,
        body: [item('Ada', [item('Bob', [], '<b>bold?</b>')])],
      },
    });
    renderApp(<FeedbackPage />);
    const ada = await screen.findByRole('listitem', { name: 'Feedback from Ada' });
    const bob = within(ada).getByRole('listitem', { name: 'Feedback from Bob' });
    expect(within(bob).getByText('<b>bold?</b>')).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
  });

  it('checks the form with the messages of docs/api.md and posts a public feedback without an empty email', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'GET /api/feedback/with-replies': { status: 200, body: [] },
      'POST /api/feedback': { status: 201, body: {} },
    });
    renderApp(<FeedbackPage />);
    const submit = await screen.findByRole('button', { name: 'Submit Feedback' });
    await user.click(submit);
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), 'N'.repeat(101));
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByLabelText('Message'));
    await user.paste('M'.repeat(1001));
    await user.click(submit);
    expect(screen.getByText('Name must be less than 100 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Message must be less than 1000 characters')).toBeTruthy();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.clear(screen.getByLabelText(/Email/));
    await user.clear(screen.getByLabelText('Message'));
    await user.type(screen.getByLabelText('Message'), 'Lovely variant');
    await user.click(submit);
    expect(await screen.findByText('Feedback submitted!')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ name: 'Ada', message: 'Lovely variant', isPublic: 1 });
    // The list is asked again, and the form is empty for the next thought.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('replies to one feedback at a time: Reply to Feedback, Cancel Reply, Submit Reply', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'GET /api/feedback/with-replies': { status: 200, body: [item('Ada'), item('Bob')] },
      'POST /api/feedback': { status: 201, body: {} },
    });
    renderApp(<FeedbackPage />);
    const ada = await screen.findByRole('listitem', { name: 'Feedback from Ada' });
    await user.click(within(ada).getByRole('button', { name: 'Reply' }));
    expect(within(ada).getByRole('heading', { name: 'Reply to Feedback' })).toBeTruthy();
    await user.click(within(ada).getByRole('button', { name: 'Cancel Reply' }));
    expect(screen.queryByRole('heading', { name: 'Reply to Feedback' })).toBeNull();

    const bob = screen.getByRole('listitem', { name: 'Feedback from Bob' });
    await user.click(within(bob).getByRole('button', { name: 'Reply' }));
    const form = within(within(bob).getByRole('region', { name: 'Reply to Feedback' }));
    await user.type(form.getByLabelText('Name'), 'Cy');
    await user.type(form.getByLabelText(/Email/), 'cy@example.com');
    await user.type(form.getByLabelText('Message'), 'Agreed');
    await user.click(form.getByRole('button', { name: 'Submit Reply' }));
    expect(await screen.findByText('Reply submitted!')).toBeTruthy();
    expect(screen.getByText('Your reply has been posted.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Cy',
      email: 'cy@example.com',
      message: 'Agreed',
      isPublic: 1,
      parentId: 'Bob',
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Reply to Feedback' })).toBeNull());
  });

  it('says when sending fails, with the server’s message when it has one', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/feedback/with-replies': { status: 200, body: [] },
      'POST /api/feedback': { status: 500, body: '' },
    });
    renderApp(<FeedbackPage />);
    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByText('Failed to submit. Please try again.')).toBeTruthy();
  });

  it('asks for new feedback every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = serve({ 'GET /api/feedback/with-replies': { status: 200, body: [] } });
      renderApp(<FeedbackPage />);
      await screen.findByText(/No feedback yet/);
      expect(calls).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(FEEDBACK_POLL_MS - 1000));
      expect(calls).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(calls).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
