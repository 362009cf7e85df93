import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';

/** Days an RSP has to confirm or object to its line (notes §6.2 step 4: about two working weeks). */
export const CONFIRM_DAYS = 14;

/** The last day an RSP may answer a line sent at `at`: the business day plus CONFIRM_DAYS. */
export const confirmDeadline = (at: Date): string => addDays(businessDay(at), CONFIRM_DAYS);
