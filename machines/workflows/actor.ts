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
