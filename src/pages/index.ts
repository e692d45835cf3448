import { lazy } from 'react';

/**
 * Every screen of the Refine application is its own chunk, loaded when first visited
 * (the sign-in page is loaded by Root).
 */
export const PortalLayout = lazy(() => import('../layout/PortalLayout'));
export const MyAppsPage = lazy(() => import('./my-apps/MyAppsPage'));
export const InfoPage = lazy(() => import('./info/InfoPage'));
export const SafePage = lazy(() => import('./safe/SafePage'));
export const DevicePage = lazy(() => import('./device/DevicePage'));
export const MailboxPage = lazy(() => import('../resources/mailboxes/MailboxPage'));
export const GroupMemberPage = lazy(() => import('../resources/members/MemberList'));
export const RequestsPage = lazy(() => import('../resources/requests/RequestList'));
export const ApprovalsPage = lazy(() => import('../resources/approvals/ApprovalList'));
export const LogPage = lazy(() => import('./log/LogPage'));
export const NotFoundPage = lazy(() => import('./errors/NotFoundPage'));
export const PermissionsNonePage = lazy(() => import('./errors/PermissionsNonePage'));
export const ForgetPasswordPage = lazy(() => import('./forget-password/ForgetPasswordPage'));
export const ResetPasswordPage = lazy(() => import('./reset-password/ResetPasswordPage'));
export const RegisterPage = lazy(() => import('./register/RegisterPage'));
export const SecondAuthPage = lazy(() => import('./second-auth/SecondAuthPage'));
export const SelfServicePage = lazy(() => import('./self-service/SelfServicePage'));
export const ActivatePage = lazy(() => import('./activate/ActivatePage'));
export const NotMePage = lazy(() => import('./sign-in-alerts/NotMePage'));
