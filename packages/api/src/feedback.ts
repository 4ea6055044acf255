import { z } from 'zod';
import { withoutControls } from './common.ts';

/** docs/api.md §8: the limits of the feedback form (site spec §5 and §9). */
export const FEEDBACK_NAME_MAX = 100;
export const FEEDBACK_MESSAGE_MAX = 1000;

/** A required text: `required` when it is absent, null or blank. */
const required = (message: string) =>
  z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? message : 'Expected text'),
  });

// ---- Requests ----

/** `POST /api/feedback`: a visitor or a user posts a thought, or a reply to one (`parentId`). */
export const FeedbackRequest = z.object({
  name: withoutControls(
    required('Name is required')
      .trim()
      .min(1, 'Name is required')
      .max(FEEDBACK_NAME_MAX, `Name must be less than ${FEEDBACK_NAME_MAX} characters`),
  ),
  /** Optional: absent, null and blank all mean none. Never shown to the public. */
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .nullish()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .max(254, 'Please enter a valid email address')
        .pipe(z.email('Please enter a valid email address'))
        .optional(),
    ),
  /** A paragraph: tab and line breaks are kept, other control characters refused. */
  message: withoutControls(
    required('Message is required')
      .trim()
      .min(1, 'Message is required')
      .max(FEEDBACK_MESSAGE_MAX, `Message must be less than ${FEEDBACK_MESSAGE_MAX} characters`),
    { lines: true },
  ),
  /** The form always sends 1: every feedback is public. Absent means 1 too. */
  isPublic: z
    .union([z.literal(1), z.literal(true)], { error: 'isPublic must be 1' })
    .optional()
    .transform(() => 1 as const),
  /** The id of the feedback this replies to (404 when there is none). */
  parentId: withoutControls(
    z.string({ error: 'parentId must be a feedback id' }).trim().max(100, 'Feedback not found'),
  )
    .nullish()
    .transform((v) => v || undefined),
});
export type FeedbackRequest = z.input<typeof FeedbackRequest>;

// ---- Responses ----

const feedbackFields = {
  id: z.string(),
  name: z.string(),
  message: z.string(),
  /** 1: shown to everyone (always, today); 0: private. */
  isPublic: z.union([z.literal(1), z.literal(0)]),
  createdAt: z.string(),
  /** The feedback this one replies to, or null for a thought of its own. */
  parentId: z.string().nullable(),
};

/** A public feedback with its replies, and theirs, oldest reply first (no email: it is never public). */
export interface FeedbackThread {
  id: string;
  name: string;
  message: string;
  isPublic: 1 | 0;
  createdAt: string;
  parentId: string | null;
  replies: FeedbackThread[];
}
export const FeedbackThread: z.ZodType<FeedbackThread> = z.object({
  ...feedbackFields,
  get replies() {
    return z.array(FeedbackThread);
  },
});

/** `GET /api/feedback/with-replies`: the newest threads first. */
export const FeedbackThreadList = z.array(FeedbackThread);

/** A feedback as the admin sees it: one row, with the email, replies as rows of their own. */
export const AdminFeedback = z.object({ ...feedbackFields, email: z.string().nullable() });
export type AdminFeedback = z.infer<typeof AdminFeedback>;
