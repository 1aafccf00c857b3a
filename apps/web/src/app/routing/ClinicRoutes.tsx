import { useRoutes, type RouteObject } from 'react-router';
import { Component as ClinicLayout } from '../../features/clinic/routes/ClinicLayout';
import { Component as RequireStaff } from '../../features/clinic/routes/RequireStaff';
import { lazyRoute } from './lazyRoute';

/** /clinic/*: the staff console's pages, loaded with its first page (router.tsx keeps only this table's address). */
const clinicRoutes: RouteObject[] = [
  {
    Component: ClinicLayout,
    children: [
      { path: 'login', Component: lazyRoute(() => import('../../features/clinic/routes/LoginRoute')) },
      {
        Component: RequireStaff,
        children: [
          { index: true, Component: lazyRoute(() => import('../../features/clinic/routes/ClinicHomeRoute')) },
          { path: 'reviews', Component: lazyRoute(() => import('../../features/clinic/routes/ReviewsRoute')) },
          { path: 'urgent/:id', Component: lazyRoute(() => import('../../features/clinic/routes/UrgentItemRoute')) },
          { path: 'orders', Component: lazyRoute(() => import('../../features/clinic/routes/FindOrderRoute')) },
          { path: 'orders/:number', Component: lazyRoute(() => import('../../features/clinic/routes/OrderReviewRoute')) },
          { path: 'orders/:number/packing-slip', Component: lazyRoute(() => import('../../features/clinic/routes/PackingSlipRoute')) },
          { path: 'video-consultations', Component: lazyRoute(() => import('../../features/clinic/routes/VideoConsultationsRoute')) },
          { path: 'video-consultations/:id', Component: lazyRoute(() => import('../../features/clinic/routes/VideoConsultationRoute')) },
          { path: 'dispatch', Component: lazyRoute(() => import('../../features/clinic/routes/DispatchRoute')) },
          { path: 'gp-letters', Component: lazyRoute(() => import('../../features/clinic/routes/LettersToPostRoute')) },
          { path: 'gp-letters/:id', Component: lazyRoute(() => import('../../features/clinic/routes/GpLetterRoute')) },
          { path: 'patient-messages', Component: lazyRoute(() => import('../../features/clinic/routes/PatientMessagesRoute')) },
          { path: 'support', Component: lazyRoute(() => import('../../features/clinic/routes/SupportInboxRoute')) },
          { path: 'support/:id', Component: lazyRoute(() => import('../../features/clinic/routes/SupportThreadRoute')) },
          { path: 'deletion-requests', Component: lazyRoute(() => import('../../features/clinic/routes/DeletionRequestsRoute')) },
          { path: 'deletion-requests/:id', Component: lazyRoute(() => import('../../features/clinic/routes/DeletionRequestRoute')) },
          { path: 'messages', Component: lazyRoute(() => import('../../features/clinic/routes/StuckMessagesRoute')) },
          { path: 'failed-work', Component: lazyRoute(() => import('../../features/clinic/routes/FailedWorkRoute')) },
          { path: 'audit', Component: lazyRoute(() => import('../../features/clinic/routes/AuditLogRoute')) },
          { path: '*', Component: lazyRoute(() => import('../../features/clinic/routes/ClinicNotFoundRoute')) },
        ],
      },
    ],
  },
];

export function Component() {
  return useRoutes(clinicRoutes);
}
