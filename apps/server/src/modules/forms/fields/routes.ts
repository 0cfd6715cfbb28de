import type { FastifyInstance } from 'fastify';
import { formsApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { getMyFieldSettings, listFieldSettings } from './operations/list-field-settings.js';
import { resetFieldSetting, saveFieldSetting } from './operations/save-field-setting.js';

/** Field configuration: the office sets its forms' fields, every signed-in user reads their role's (docs/product/field-configuration.md). */
export function fieldSettingRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, formsApi.listFieldSettings, (ctx) => listFieldSettings(ctx));
  registerRoute(app, s, formsApi.getMyFieldSettings, (ctx) => getMyFieldSettings(ctx));
  registerRoute(app, s, formsApi.saveFieldSetting, (ctx, { params, body }) =>
    saveFieldSetting(ctx, params.formKey, params.fieldName, body),
  );
  registerRoute(app, s, formsApi.resetFieldSetting, (ctx, { params }) => resetFieldSetting(ctx, params.formKey, params.fieldName));
}
