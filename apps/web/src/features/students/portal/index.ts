// The student portal (welcome wizard, stage checklists) and its configuration by the office.
export { portalRoutes, portalConfigurationRoutes } from './routes';
export { StageProgressCard } from './components/stage-progress-card';
export { LinkedText } from './components/linked-text';
export { useGetMyStage } from './api/my-stage';
