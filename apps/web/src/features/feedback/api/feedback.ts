import type { FeedbackRequest, FeedbackThread } from '@sbc/api';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The list asks for new thoughts every 30 s (docs/architecture.md §7). */
export const FEEDBACK_POLL_MS = 30_000;

/** The public threads, newest first, each with its replies (no session needed). */
export const useFeedbackThreads = () =>
  useQuery<FeedbackThread[]>({ queryKey: queryKeys.feedback, refetchInterval: FEEDBACK_POLL_MS });

export const postFeedback = (body: FeedbackRequest) => apiRequest<unknown>('POST', '/api/feedback', body);
