import type { ActorRefFrom } from 'xstate';
import type { workflowViewerMachine } from '../../machines/viewer/viewer.machine';

export type ViewerActor = ActorRefFrom<typeof workflowViewerMachine>;
