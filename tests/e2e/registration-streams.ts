import { isValidCreditCode } from '../../domain/credit-code';
import { api } from './portal-api';

// Registration streams for the workflow viewer's replay tests, made only through HTTP as users would.
const ADMIN = { username: 'admin', password: 'Admin@123456' };

// Each call reads the fields of the answer it expects.
type Results = any;
const portal = (path: string, body: unknown, token?: string) => api<Results>(path, body, token);
const tokenOf = async (username: string, password = 'Demo@123456') =>
  (await portal('/user/login', { username, password })).token as string;

/** A valid, unused unified social credit code: a fresh body and its check character. */
function creditCode() {
  const body = `91320500MA${Date.now()
    .toString(36)
    .toUpperCase()
    .replace(/[IOSVZ]/g, '1')
    .padStart(7, '0')
    .slice(-7)}`;
  const check = [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].find((c) => isValidCreditCode(body + c));
  return body + check;
}

/**
 * A registration applied for on the public endpoint, agreed by the channel manager and returned by
 * the channel department: a stream of four events, only through HTTP as a user would cause it.
 */
export async function registrationWithHistory() {
  const contact = `验收${Date.now().toString().slice(-8)}`;
  await portal('/registrationInfo/register', {
    ExtChannelSmallType_SDK: 'RSP',
    Name: '苏州青禾智能装备有限公司',
    ExtCreditCode_SDK: creditCode(),
    ExtLegalRepresentative_SDK: '王伟',
    ProvinceCode: '320000',
    CityCode: '320500',
    Address: '苏州工业园区星湖街 328 号',
    ContactName: contact,
    ContactPhone: '13912345678',
    Email: 'qinghe@example.com',
  });
  const admin = await tokenOf(ADMIN.username, ADMIN.password);
  const streams = await portal('/workflowStream/search', { workflow: 'registration', pageSize: 100 }, admin);
  const stream = streams.find((s: { StartedBy: string }) => s.StartedBy === contact);
  await portal(
    '/registrationInfo/processApproval',
    { ObjectID: stream.SubjectID, action: 'agree' },
    await tokenOf('channel'),
  );
  await portal(
    '/registrationInfo/processApproval',
    { ObjectID: stream.SubjectID, action: 'return', reason: '请补充营业执照' },
    await tokenOf('channeldept'),
  );
  return stream.StreamID as string;
}

/** A registration stream to replay: an existing one, or one applied for now through the API. */
export async function someRegistrationStream() {
  const admin = await tokenOf(ADMIN.username, ADMIN.password);
  const found = await portal('/workflowStream/search', { workflow: 'registration', pageSize: 1 }, admin);
  return found.length ? (found[0].StreamID as string) : registrationWithHistory();
}
