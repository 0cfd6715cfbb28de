export type TAdminArea = 'scholar' | 'student';

/** Page headers of the admin shell. */
export const ADMIN_AREA_TITLES: Record<TAdminArea, string> = {
  scholar: 'International Scholar and Employee Admin',
  student: 'International Student Admin',
};
