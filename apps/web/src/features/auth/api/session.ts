import type {
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  RegisterResponse,
  ResendVerificationRequest,
  ResetPasswordRequest,
  SuccessResponse,
  User,
  VerifyEmailRequest,
} from '@sbc/api';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Starts the cache with the user the server wrote into the page (`<script id="session">`, see
 * apps/server/src/features/web/routes.ts), so that no page waits for GET /api/user. Without it (the
 * Vite dev server) the session is asked for as before.
 */
export function seedSession(client: QueryClient): void {
  const data = typeof document === 'undefined' ? null : document.getElementById('session')?.textContent;
  if (data) client.setQueryData<User | null>(queryKeys.session, JSON.parse(data));
}

/**
 * The signed-in user, null when signed out; a 401 or any failure means signed out
 * (docs/architecture.md §6).
 */
export function useSession() {
  const query = useQuery<User | null>({
    queryKey: queryKeys.session,
    queryFn: async (ctx) => {
      try {
        return await getQueryFn<User>({ on401: 'returnNull' })(ctx);
      } catch {
        return null;
      }
    },
  });
  return { user: query.data ?? null, isLoading: query.isPending };
}

export const authApi = {
  login: (body: LoginRequest) => apiRequest<User>('POST', '/api/login', body),
  register: (body: RegisterRequest) => apiRequest<RegisterResponse>('POST', '/api/register', body),
  logout: () => apiRequest<unknown>('POST', '/api/logout'),
  googleLogin: () => apiRequest<{ authUrl?: string }>('GET', '/api/google/login'),
  forgotPassword: (body: ForgotPasswordRequest) =>
    apiRequest<SuccessResponse>('POST', '/api/forgot-password', body),
  resetPassword: (body: ResetPasswordRequest) =>
    apiRequest<SuccessResponse>('POST', '/api/reset-password', body),
  verifyEmail: (body: VerifyEmailRequest) => apiRequest<SuccessResponse>('POST', '/api/verify-email', body),
  resendVerification: (body: ResendVerificationRequest) =>
    apiRequest<SuccessResponse>('POST', '/api/resend-verification', body),
};
