import { type HttpEvent, onHttpEvent } from '../../services/http.service';

/** What the calls tell the shell (refusals, network errors, an invalid token), for the toasts. */
export const onCallNotice = (listener: (event: HttpEvent) => void) => onHttpEvent(listener);
