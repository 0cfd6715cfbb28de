import type { TNotification } from '@meridian/domain';

/** What the reader's page is chosen from: their role, and the area of the admin shell they are in. */
export interface TNotificationReader {
  role: string | undefined;
  /** The admin shell's area the bell was opened in: a request not about a student opens there. */
  area?: 'admin' | 'isss' | undefined;
}

type TTarget = Pick<TNotification, 'typeName' | 'requestId' | 'scholarId' | 'scholarApplicationId' | 'profileId'>;

/**
 * The page a notice opens, in the reader's own shell (docs/product/notifications.md#what-a-notice-opens),
 * or null when it names nothing the reader can open (an older notice): it is then shown as text only.
 */
export function notificationLink(n: TTarget, reader: TNotificationReader): string | null {
  switch (reader.role) {
    case 'isssAdmin':
      // A scholar case opens as a case: Review Sponsorship Request while the office has it to process, else the profile.
      if (n.scholarApplicationId)
        return n.typeName === 'scholar.sponsorship.submitted'
          ? `/admin/reviewrequest/${n.scholarApplicationId}`
          : `/admin/scholar-profile/${n.scholarApplicationId}`;
      if (n.requestId) return n.profileId || reader.area !== 'admin' ? `/isss/request/${n.requestId}` : `/admin/request/${n.requestId}`;
      if (n.profileId) return `/isss/student-profile/${n.profileId}`;
      return null;
    case 'department':
      if (n.scholarApplicationId) return `/scholar/editscholarapplication/${n.scholarApplicationId}`;
      // The department's view of the scholar's latest case.
      if (n.scholarId) return `/scholar/reviewrequest/${n.scholarId}`;
      if (n.requestId) return `/scholar/request-edit/${n.requestId}`;
      return null;
    case 'scholar':
      // A scholar's own case is their application page, where /scholar takes them by its visa type.
      if (n.scholarApplicationId || n.scholarId) return '/scholar';
      if (n.requestId) return `/scholar/request-edit/${n.requestId}`;
      return null;
    case 'ISSSstudent':
      if (n.requestId) return `/student/request-edit/${n.requestId}`;
      if (n.profileId) return '/student/my-profile';
      return null;
    default:
      return null;
  }
}
