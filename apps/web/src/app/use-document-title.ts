import { useEffect } from 'react';
import { useBranding } from './branding';

/** Document title prefixed with the account name when known: "Demo University - Staff Management". */
export function useDocumentTitle(pageTitle: string): void {
  const { data } = useBranding();
  const account = data?.accountName?.trim();
  useEffect(() => {
    document.title = account ? `${account} - ${pageTitle}` : pageTitle;
  }, [account, pageTitle]);
}
