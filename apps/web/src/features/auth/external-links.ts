import { authApi } from '@meridian/domain';

/** Why campus web sign-in sent the person to the login page (?external=<problem>), in words; null for none. */
export function externalProblemText(problem: string | null): string | null {
  const p = authApi.EXTERNAL_LOGIN_PROBLEMS.find((x) => x === problem);
  return p ? authApi.MSG_EXTERNAL_LOGIN[p] : null;
}

/** The login page that says why (the student one when the person was going to the student pages). */
export function externalLoginFailedPath(problem: authApi.TExternalLoginProblem, next: string | null): string {
  return `${next?.startsWith('/student') ? '/login/student' : '/login'}?external=${problem}`;
}
