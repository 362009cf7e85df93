import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { NUMBER_PREFIX } from '../../domain/numbering';
import type { Db } from '../db/database';
import { nextNumber } from '../resources/numbering';
import { TEMPLATE_ENABLED } from '../resources/templates';
import { type AgreementKind, agreementsDb } from './agreement.repo';
import { type AgentOnFile, agreementValues } from './agreement-values';

const AGREEMENT_PREFIX = NUMBER_PREFIX.agreement;

interface Signing {
  customerId: string;
  kind: AgreementKind;
  signer: { employeeId: string; lastName: string | null };
  at?: Date;
  uuid?: () => string;
}

/** The first uploaded file of a template version's file field, if it holds one (legacy rows hold a path). */
function firstFileId(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const first = value[0] as { ObjectID?: unknown } | undefined;
  return typeof first?.ObjectID === 'string' ? first.ObjectID : null;
}

/**
 * Records an agreement in the transaction of its signing: its number, the type's enabled template
 * version and the values it is filled with, taken from the agent as it is now (after the change the
 * signing applied). The file follows from the `agreementFiles` job; without an enabled template the
 * row says so at once and no file is made.
 */
export async function recordAgreement(trx: Db, signing: Signing): Promise<string> {
  const agent = (
    await sql<AgentOnFile>`select name, account_id, credit_code, customer_type, data
      from customer where object_id = ${signing.customerId}`.execute(trx)
  ).rows[0];
  if (!agent) throw new Error(`no customer ${signing.customerId} to sign an agreement with`);
  const type = agent.customer_type;
  const template = (
    await sql<{ object_id: string; data: Record<string, unknown> }>`select object_id, data from record
      where resource = 'agreementTemplate' and data->>'ExtTemplateType_SDK' = ${type}
        and data->>'ExtTemplateStatus_SDK' = ${TEMPLATE_ENABLED}
      order by updated_at desc limit 1`.execute(trx)
  ).rows[0];
  const typeName = (
    await sql<{ content_zh: string }>`select content_zh from dictionary_entry
      where code = 'TemplateType' and keyword = ${type}`.execute(trx)
  ).rows[0]?.content_zh;
  const agreementNo = await nextNumber(trx, AGREEMENT_PREFIX, signing.at);
  const id = signing.uuid?.() ?? randomUUID();
  const values = agreementValues(agent, {
    agreementNo,
    typeName: typeName ?? type,
    signDate: businessDay(signing.at),
  });
  await agreementsDb(trx)
    .insertInto('agreement')
    .values({
      object_id: id,
      agreement_no: agreementNo,
      customer_id: signing.customerId,
      kind: signing.kind,
      template_type: type,
      template_id: template?.object_id ?? null,
      template_file_id: template ? firstFileId(template.data.FileName) : null,
      values: JSON.stringify(values),
      signed_by: signing.signer.employeeId,
      signed_by_name: signing.signer.lastName,
      signed_at: signing.at ?? new Date(),
      problem: template ? null : 'noTemplate',
    })
    .execute();
  return id;
}
