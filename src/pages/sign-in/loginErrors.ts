export function resetPasswordPath(requestId: string | null | undefined): string {
  return requestId ? `/resetPassword?requestId=${encodeURIComponent(requestId)}` : '/resetPassword';
}
