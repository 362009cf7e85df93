import { request } from './http.service';

/** One notice of the person signed in: what happened (locale `notices.kinds.<Kind>`) and what it opens. */
export interface Notice {
  ObjectID: string;
  Kind: string;
  Params: Record<string, string>;
  PageID: string | null;
  RecordID: string | null;
  CreatedOn: string;
  Read: boolean;
}

export interface Notices {
  Unread: number;
  Notices: Notice[];
}

export const fetchNotices = () => request<Notices>('/notice/mine', {}, { silent: true });

export const markNoticesRead = (ids: string[]) =>
  request<Notices>('/notice/read', { ObjectIDs: ids }, { silent: true });
