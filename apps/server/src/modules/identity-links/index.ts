// What other modules may use of identity-links (the Integrated User Tool): only its routes. It owns no table: it
// reads accounts (people) with their student records (students) and scholars (scholars), and changes them through
// those modules' operations, so it sits above them all (docs/product/integrated-user-tool.md#where-it-lives).
export { identityLinkRoutes } from './routes.js';
