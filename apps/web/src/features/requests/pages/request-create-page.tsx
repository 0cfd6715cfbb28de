import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useDocumentTitle } from '../../../app/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { useListStartableTypes } from '../api/list-startable-types';
import { useCreateRequest } from '../api/create-request';
import { editPath, type TPortal } from './requester-home-page';

/** #/student/request-create/:requestTypeId: what the request is, and an explicit Start (opening a link creates nothing). */
export function RequestCreatePage({ portal, homePath }: { portal: TPortal; homePath: string }) {
  const { requestTypeId = '' } = useParams();
  const types = useListStartableTypes();
  const create = useCreateRequest();
  const navigate = useNavigate();
  const type = types.data?.find((t) => t.id === requestTypeId);
  useDocumentTitle(type?.name ?? 'New request');
  if (types.isPending) return <PageLoader />;
  if (!type)
    return (
      <Alert severity="error">
        This request is not available to you.{' '}
        <Button component={RouterLink} to={homePath}>
          Back
        </Button>
      </Alert>
    );
  return (
    <Box>
      <PageHeader title={type.name} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <Typography sx={{ mb: 2 }}>
          {type.description ||
            'Start this request to answer its questions and upload its documents. You can save a draft and come back later.'}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="contained"
            disabled={create.isPending}
            onClick={() => create.mutate(type.id, { onSuccess: (r) => void navigate(editPath(portal, r.id), { replace: true }) })}
          >
            Start request
          </Button>
          <Button component={RouterLink} to={homePath}>
            Cancel
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
