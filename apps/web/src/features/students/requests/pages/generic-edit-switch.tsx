import { Navigate, useParams } from 'react-router';
import { isStudentRequestCode } from '@meridian/domain';
import { PageLoader } from '../../../../ui/page-loader';
import { useGetRequest } from '../../../requests';
import { RequestEditPage } from '../../../requests';
import { requestPath } from '../request-paths';

/**
 * #/student/request-edit/:requestId (where notifications and older links point): a request whose type
 * has its own page (CPT, OPT, RCL, ...) opens there, with its fields; the others stay on the generic page.
 */
export function StudentGenericEditSwitch() {
  const { requestId = '' } = useParams();
  const request = useGetRequest(requestId);
  if (request.isPending) return <PageLoader />;
  const r = request.data;
  if (r && isStudentRequestCode(r.typeCode)) return <Navigate replace to={requestPath(r.typeCode, r.id, r.data?.opt_type)} />;
  return <RequestEditPage portal="student" homePath="/" />;
}
