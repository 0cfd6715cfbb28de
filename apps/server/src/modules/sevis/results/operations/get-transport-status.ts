import { type sevisApi } from '@meridian/domain';
import { sevisTransport } from '../../transport/sevis-transport.js';

/** Whether the batch interface to SEVIS is configured, and where it sends. */
export function getTransportStatus(): sevisApi.TTransportStatus {
  const t = sevisTransport();
  return { isConfigured: t.isConfigured, url: t.url };
}
