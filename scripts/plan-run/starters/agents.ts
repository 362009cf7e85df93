import { randomInt } from 'node:crypto';
import { ChannelType } from '../../../domain/codes/customers.codes';
import { makeCreditCode } from '../../../domain/credit-code';
import type { PortalCalls } from '../portal';
import type { Door, StartedRecord, Starter } from '../run-plan';
import { applicantOf, createdId, unique } from './kit';

/** Jiangsu and Nanjing: where the demo channel manager reviews registrations. */
const PROVINCE = '320000';
const CITY = '320100';

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** The public pages on which an applicant acts on their registration, by the workflow's command. */
const PUBLIC_PAGES: Record<string, string> = {
  resubmit: '/registrationInfo/resubmit',
  withdraw: '/registrationInfo/withdraw',
};

/**
 * The applicant's door: a member of the public has no login, so their steps go to the public pages
 * with the registration's number and contact phone, and the progress page tells where it stands (its
 * chain step while in review). Everyone else's steps go to the decision endpoint.
 */
function applicantDoor(portal: PortalCalls, proof: { RegistrationNo: string; ContactPhone: string }): Door {
  const applicant = applicantOf('registration');
  return ({ command, payload, actor }) => {
    if (actor.id !== applicant.id) return undefined;
    return (async () => {
      const page = PUBLIC_PAGES[command];
      if (!page) return { status: 404, body: { message: `no public page for ${command}` } };
      const sent = await portal.post(page, { ...payload, ...proof });
      if (sent.status !== 200) return sent;
      const progress = await portal.post('/registrationInfo/progress', proof);
      if (progress.status !== 200) return progress;
      const { State, StepIndex } = progress.body.results as { State: string; StepIndex: number | null };
      return {
        status: 200,
        body: { results: { State, Node: State === 'inReview' ? StepIndex : undefined } },
      };
    })();
  };
}

/**
 * A public RSP registration in Jiangsu, filled in as the registration page sends it: it waits for the
 * channel manager's pre-review, and its applicant acts through the public pages.
 */
async function publicRegistration(portal: PortalCalls): Promise<StartedRecord> {
  const applicant = applicantOf('registration');
  const ContactPhone = `139${digits(8)}`;
  const answer = await portal.post('/registrationInfo/register', {
    ExtChannelSmallType_SDK: ChannelType.rsp,
    Name: `${unique('Plan')} Computer Co.`,
    ExtCreditCode_SDK: makeCreditCode(`91${CITY}MA${digits(7)}`),
    ExtLegalRepresentative_SDK: applicant.name,
    ProvinceCode: PROVINCE,
    CityCode: CITY,
    Address: 'Renmin Road 1, Nanjing',
    ContactName: applicant.name,
    ContactPhone,
    Email: `${unique('plan').toLowerCase()}@agent.example`,
  });
  const id = createdId('registration', answer);
  return {
    id,
    door: applicantDoor(portal, { RegistrationNo: answer.body.results.RegistrationNo, ContactPhone }),
  };
}

/**
 * The agent area's workflows, each begun as its desk (or the public) begins it. The generic `approval`
 * has none: no page or endpoint of the portal makes a generic application (only the engine's tests
 * start its streams).
 */
export const agentStarters: Record<string, Starter> = {
  registration: publicRegistration,
};
