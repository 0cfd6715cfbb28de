import { institutionsApi, type TInstitutionSettings } from '@meridian/domain';
import { apiCall } from '../../../app/http/api-call';
import { uploadFile } from '../../../app/http/upload-file';

/** Uploads the institution's logo (checked on the server: kind, size, an SVG's content); answers the settings. */
export function uploadLogo(file: File): Promise<TInstitutionSettings> {
  return uploadFile<TInstitutionSettings>(institutionsApi.uploadLogo.path, file, () => {});
}

/** Removes the uploaded logo (the logo address, if any, shows again). */
export function deleteLogo(): Promise<TInstitutionSettings> {
  return apiCall(institutionsApi.deleteLogo, {});
}

/** What the browser can tell of a chosen logo before sending it (its kind by name, its size); null when it may go. */
export function precheckLogo(file: File): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!institutionsApi.LOGO_TYPES[ext]) return institutionsApi.LOGO_MSG.type;
  if (file.size === 0) return institutionsApi.LOGO_MSG.required;
  if (file.size > institutionsApi.LOGO_MAX_BYTES) return institutionsApi.LOGO_MSG.tooLarge;
  return null;
}
