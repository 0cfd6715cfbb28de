// The identity-links feature: the Integrated User Tool, portal accounts linked to student and scholar records
// and the campus systems' ids (docs/product/integrated-user-tool.md).
export { identityLinkRoutes } from './routes';
