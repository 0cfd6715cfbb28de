// What other features may use of the student portal: the staff card of a student's stage progress.
export { StageProgressCard } from './components/stage-progress-card';
export { WizardView } from './components/wizard-view';
export { LinkedText } from './components/linked-text';
export { useMyStage } from './api/my-stage';
