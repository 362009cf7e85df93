/**
 * The applications on an existing agent as server and client both speak of them
 * (docs/customer-workflows.md): their kinds, and one application as /customer/applications lists it.
 */
export const CHANGE_KINDS = [
  'renewal',
  'seniorCertification',
  'conversion',
  'suspension',
  'blacklist',
  'reinstatement',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface CustomerApplication {
  ApplicationID: string;
  Kind: ChangeKind;
  State: string;
  Change: { termMonths?: number; to?: string; reason?: string; days?: number };
  Chain: { Role: string; Approver?: string | null }[];
  Node: number;
  /** The colleague the current step was forwarded to, who decides it instead of the chain's approver. */
  ForwardedTo?: string | null;
  Reason: string | null;
  Applicant: string;
  WorkflowVersion: number;
  Allowed: string[];
  History: {
    Seq: number;
    Type: string;
    ActorName: string;
    Role: string;
    At: string;
    Reason: string | null;
  }[];
}

/** The agent's applications with what the caller may start now. */
export interface CustomerApplications {
  Today: string;
  Status: string;
  ChannelType: string | null;
  Startable: ChangeKind[];
  Applications: CustomerApplication[];
}
