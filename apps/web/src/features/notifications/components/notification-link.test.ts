import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-link';

// Each notice opens what it is about, in the reader's own shell (docs/product/notifications.md#what-a-notice-opens).
const REQUEST = '11111111-1111-4111-8111-111111111111';
const CASE = '22222222-2222-4222-8222-222222222222';
const SCHOLAR = '33333333-3333-4333-8333-333333333333';
const PROFILE = '44444444-4444-4444-8444-444444444444';
const none = { typeName: 'x', requestId: null, scholarId: null, scholarApplicationId: null, profileId: null };

describe('notificationLink', () => {
  it("a student's request opens in the office's student area, in the student's portal, or for its requester", () => {
    const n = { ...none, requestId: REQUEST, profileId: PROFILE };
    expect(notificationLink(n, { role: 'isssAdmin', area: 'isss' })).toBe(`/isss/request/${REQUEST}`);
    // From the scholar area too: a request about a student belongs to the student area.
    expect(notificationLink(n, { role: 'isssAdmin', area: 'admin' })).toBe(`/isss/request/${REQUEST}`);
    expect(notificationLink(n, { role: 'ISSSstudent' })).toBe(`/student/request-edit/${REQUEST}`);
  });

  it('a request that is not about a student opens in the area the officer is in', () => {
    const n = { ...none, requestId: REQUEST };
    expect(notificationLink(n, { role: 'isssAdmin', area: 'admin' })).toBe(`/admin/request/${REQUEST}`);
    expect(notificationLink(n, { role: 'isssAdmin', area: 'isss' })).toBe(`/isss/request/${REQUEST}`);
    expect(notificationLink(n, { role: 'scholar' })).toBe(`/scholar/request-edit/${REQUEST}`);
    expect(notificationLink(n, { role: 'department' })).toBe(`/scholar/request-edit/${REQUEST}`);
  });

  it('a scholar case opens as the case for each reader, whichever of its requests the notice names', () => {
    const n = { ...none, requestId: REQUEST, scholarId: SCHOLAR, scholarApplicationId: CASE };
    expect(notificationLink(n, { role: 'isssAdmin', area: 'isss' })).toBe(`/admin/scholar-profile/${CASE}`);
    expect(notificationLink({ ...n, typeName: 'scholar.sponsorship.submitted' }, { role: 'isssAdmin' })).toBe(
      `/admin/reviewrequest/${CASE}`,
    );
    expect(notificationLink(n, { role: 'department' })).toBe(`/scholar/editscholarapplication/${CASE}`);
    expect(notificationLink(n, { role: 'scholar' })).toBe('/scholar');
    // An older department notice named only the scholar: the department's view of their latest case.
    expect(notificationLink({ ...none, scholarId: SCHOLAR }, { role: 'department' })).toBe(`/scholar/reviewrequest/${SCHOLAR}`);
  });

  it("a student record opens as the office's record of the student, or the student's own profile", () => {
    const n = { ...none, profileId: PROFILE };
    expect(notificationLink(n, { role: 'isssAdmin', area: 'admin' })).toBe(`/isss/student-profile/${PROFILE}`);
    expect(notificationLink(n, { role: 'ISSSstudent' })).toBe('/student/my-profile');
  });

  it('a notice about nothing, or a reader without a page for it, opens nothing', () => {
    for (const role of ['isssAdmin', 'department', 'scholar', 'ISSSstudent', 'advisor', undefined])
      expect(notificationLink(none, { role })).toBeNull();
    expect(notificationLink({ ...none, requestId: REQUEST }, { role: 'advisor' })).toBeNull();
  });
});
