/** Who sends a workflow event: every event is signed by its actor (DOMAIN.md "One approval shape"). */
export interface WorkflowActor {
  id: string;
  name: string;
  /** Role code (JS001…); 'applicant' for a public applicant proving a registration by number and phone. */
  role: string;
}

export interface ActorEvent {
  actor: WorkflowActor;
}

/**
 * The portal's own signature: the events its scheduled jobs and its own consequences send (a protection
 * running out, a deadline passing, a line nobody answered). No person holds this role.
 */
export const SYSTEM_ACTOR: WorkflowActor = { id: 'system', name: 'System', role: 'system' };

/** Whether an event was sent by the portal itself rather than by a person. */
export const isSystemActor = (actor: WorkflowActor) =>
  actor.role === SYSTEM_ACTOR.role && actor.id === SYSTEM_ACTOR.id;
