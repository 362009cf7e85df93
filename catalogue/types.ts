/**
 * A page of the portal as data (ARCHITECTURE.md §7). Routes, menus, titles, breadcrumbs and the
 * permission lists of roles are all derived from these entries; nothing about a page is written twice.
 */
export type PageKind = 'list' | 'detail' | 'edit' | 'custom';

/** How a value is shown and edited (SPEC §9 display rules). */
export type ValueKind =
  | 'text'
  | 'longText'
  | 'number'
  | 'price'
  | 'percent'
  | 'date'
  | 'dateTime'
  | 'dict'
  | 'boolean'
  | 'person'
  | 'fileSize'
  | 'file'
  | 'commitmentLetter';

export interface ColumnDef {
  /** Wire field name, capitalised as the server sends it (`OrderNo`, `ExtAgentID_SDK`). */
  field: string;
  kind: ValueKind;
  /** Dictionary code for `dict` values (SPEC §3 "Dictionary lookups"). */
  dict?: string;
  sortable?: boolean;
  /** Editable in the table row (inline editing); the lock rules of SPEC §4 still apply. */
  editable?: boolean;
  /** Clicking the value opens this page (a detail page id) with the row's ObjectID. */
  opens?: string;
  /**
   * The row is about another record, which the value opens instead (a credit-limit request opens its
   * agent): the row's field holding that record's id and, where the record's kinds have pages of their
   * own, the field naming its kind with the page of each (`opens` for any other kind).
   */
  opensOther?: { id: string; kind?: string; pages?: Record<string, string> };
  width?: number;
  /** For `person`: the field holding the login shown in brackets (SPEC §3). */
  loginField?: string;
  /**
   * For a workflow's status (`dict`): the row's field naming the role its workflow waits for. While it
   * waits, the cell names the step ("Awaiting Finance", app.kit.awaitingRole) instead of the status word alone.
   */
  awaitingRole?: string;
  /**
   * For a `percent` of a price ratio (requested ÷ standard): shown as the discount a reader expects
   * (the discount words of domain/discount.ts), in the table and its export alike; the value stays the ratio.
   */
  asDiscount?: boolean;
}

export type FilterKind = 'text' | 'dict' | 'dateRange' | 'number' | 'picker' | 'boolean';

export interface FilterDef {
  field: string;
  kind: FilterKind;
  dict?: string;
  /** Picker name for `picker` filters (customer, employee, region, ...). */
  picker?: string;
  /** Shown in the search bar; the others sit in the advanced-filter dialog. */
  primary?: boolean;
  /**
   * How a text filter matches: anywhere in the value (the default, for names), or from its start,
   * whatever the case ('prefix', for business numbers: typed from their start, and at a million
   * orders only a prefix can be answered from an index).
   */
  match?: 'prefix';
}

export interface FieldDef {
  field: string;
  kind: ValueKind;
  dict?: string;
  picker?: string;
  /**
   * What the field's picker sends with every search, so it offers what the field means (a deal's owner:
   * an agent's own company alone, `DealOwner`); the server holds the body to the same rule.
   */
  pickerParams?: Record<string, unknown>;
  /**
   * Fields of the same form whose values every search of the field's picker sends, with the form's page
   * id as `PageID`: what the field may hold depends on them (an order's city manager on its agent, the
   * server answering the managers that agent's order may name on that form).
   */
  pickerSends?: readonly string[];
  /** The field's picker takes several rows; the field holds their texts joined with commas. */
  multiple?: boolean;
  required?: boolean;
  /**
   * The least a number field takes, on the form and in its list's import alike (a reported sale is at
   * least one unit, a stock count at least 0); a number field without it may be negative (a stock adjustment).
   */
  min?: number;
  /** Shown but never sent back (numbers, creation stamps, states). */
  readOnly?: boolean;
  /** For a `percent` of a price ratio: read as its discount, as the column of the same name (ColumnDef). */
  asDiscount?: boolean;
  /** Grid columns the field spans in the form (1 or 2). */
  span?: 1 | 2;
  /**
   * A locale key of how to fill the field in, shown under it on the form while it is writable; the
   * label stays the one its list column reads, so a column head is never a form's instruction.
   */
  hint?: string;
}

/**
 * Fields of a form locked by the record's workflow state: while the record's status field holds one
 * of `states`, the page shows them read-only and the server refuses them through this page (409).
 */
export interface FieldLock {
  /** The record's status field (a dictionary field of the resource). */
  field: string;
  /** The status codes in which the fields are locked (from domain/codes). */
  states: readonly string[];
  /** The fields it locks; every field the page writes when absent. */
  fields?: readonly string[];
  /** A locale key saying what to do instead (a new version, a change request), added to the refusal. */
  hint?: string;
  /**
   * The roles it does not hold for: the side that writes the record in those states while others who
   * write through the page wait (the desk corrects a loan's terms while its applicant may not). It
   * holds for everyone when absent, and for a caller whose role is not known.
   */
  except?: readonly string[];
}

export type ToolbarAction = 'create' | 'export' | 'exportLog' | 'batchDelete' | 'import' | 'refresh';

export interface ExportDef {
  configCode: string;
  /** 'sync' opens a download URL at once; 'job' runs on the server and lands in the export log. */
  mode: 'sync' | 'job';
  /** Parameters the server forces for this export (SPEC §6). */
  forced?: Record<string, string>;
}

/** A list's spreadsheet import (toolbar `import`): the template's columns and the rules a row must keep. */
export interface ImportDef {
  /** The upload history's kind of import (dictionary ImportType). */
  type: string;
  /** The template's columns in order; a required one may not be blank, kinds and dictionaries as in forms. */
  fields: FieldDef[];
  /** The report type (dictionary ReportType) whose control dates lock a row's Period. */
  reportType?: string;
  /** Quantity fields a row must reconcile: opening + in − out + adjustment = closing. */
  reconcile?: { opening: string; in: string; out: string; adjustment?: string; closing: string };
  /** Values every imported row gets (its status as reported). */
  stamp?: Record<string, string>;
  /**
   * The field that names a stored record of the list (a product's code): a row naming a stored one
   * updates that record, any other row adds one.
   */
  key?: string;
}

/** The panels a record page may show above its form for a workflow of its record. */
export type WorkflowPanelKind =
  /** Where the workflow stands, who decides now, and a button per command the person may send. */
  | 'decisions'
  /** An agent's applications: the list, new applications, and decisions on the open one. */
  | 'agentApplications';

/** A declared workflow (machines/workflows/registry.ts) whose subject is the page's record. */
export interface PageWorkflow {
  name: string;
  panel: WorkflowPanelKind;
  /** Shown only when the page is opened with action=detail, or whatever the action ('always', the default). */
  on?: 'detail' | 'always';
}

export interface PageEntry {
  /** Unique id, `<module>.<page>`; it is also the permission path a role's menu list names. */
  id: string;
  /** Module key (see modules.ts); 'public' and 'shell' pages belong to no top-bar module. */
  module: string;
  /** Route path; `:name` segments match one path segment. */
  path: string;
  /** Locale key of the title, shown in menus, tabs, breadcrumbs and the document title. */
  titleKey: string;
  kind: PageKind;
  /** Custom pages name their view; generic pages are drawn from kind + resource. */
  view?: string;
  /** Detail and edit pages are reachable by route but not listed in menus. */
  hidden?: boolean;
  /** The page a hidden page belongs to (menu highlight, breadcrumb, permission). */
  parent?: string;
  /** Side-menu group key (a sub-menu inside the module), e.g. 'loans'. */
  group?: string;
  /** Reachable without logging in. */
  public?: boolean;
  /** Every logged-in user may open it, whatever the role's menu list says. */
  always?: boolean;
  /** Pinned as a tab that cannot be closed. */
  pinned?: boolean;
  /** Server resource behind the page: POST /portal/<resource>/search, getOne, update, ... */
  resource?: string;
  columns?: ColumnDef[];
  filters?: FilterDef[];
  /** Detail and edit pages: the record's fields. */
  fields?: FieldDef[];
  toolbar?: ToolbarAction[];
  export?: ExportDef;
  /** List pages whose toolbar has `import`: what the template holds and how rows are checked. */
  import?: ImportDef;
  /** Default sort, e.g. '-CreationOn'. */
  sort?: string;
  /**
   * Filters the page always applies and the user cannot change: the same resource seen through one
   * lens, e.g. the RSP list is the customer list with the RSP channel type.
   */
  fixed?: Record<string, string>;
  /**
   * List pages: the declared workflow whose streams waiting for the caller this list shows, through
   * the dashboard's to-do card (`?AwaitingMe=1`). A list of other records than the workflow's subjects
   * (a task package's lines) shows those its server area relates to the waiting streams.
   */
  inbox?: string;
  /**
   * List pages: the edit page that creates and opens their records, when several lists of one
   * resource share it (a hidden page has one parent, but each of these lists needs it).
   */
  editPage?: string;
  /** Record pages: the workflow panel shown above the form when the page has a record. */
  workflow?: PageWorkflow;
  /**
   * Edit pages (and lists with editable cells): the fields this page no longer writes once the record
   * reaches a state (submitted, approved, confirmed, checked in). Read by the form and by the server's
   * one check on every update of the resource (docs/security.md, "Locks by state").
   */
  lockedWhile?: readonly FieldLock[];
  /**
   * The roles that write through this page, where writing is the duty of some of those who open it
   * (the province office sets the sales tasks others read): a list offers anyone else its export alone,
   * a form no save. Read by the screens and by the server's access check alike (catalogue/page-actions.ts).
   */
  writtenBy?: readonly string[];
}

export interface ModuleEntry {
  key: string;
  /** Path prefix of the module's pages. */
  path: string;
  /** Locale key of the top-bar label; modules without one stay out of the top bar. */
  topTitleKey?: string;
  icon: string;
}
