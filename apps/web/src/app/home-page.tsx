import { RootRedirectPage } from '../features/auth';
import { PlainLayout } from '../shells/common/plain-layout';
import { BrandedTheme } from './mui-frame';

/** #/ for a signed-in user: on to their home page (app/router.tsx loads it; a visitor goes to the login page). */
export function HomePage() {
  return (
    <BrandedTheme baseline>
      <PlainLayout>
        <RootRedirectPage />
      </PlainLayout>
    </BrandedTheme>
  );
}
