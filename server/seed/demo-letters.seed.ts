import { sql } from 'kysely';
import * as codes from '../../domain/codes/opportunities.codes';
import { Brand } from '../../domain/codes/products.codes';
import { DOCUMENT_TYPES, FILE_OWNER_TYPES } from '../../domain/constants';
import { bomList, searchConfigurations } from '../cpq/cpq.catalogue';
import type { Db } from '../db/database';
import { type LocalFiles, uploadLocalFile } from '../files/local-upload';
import { lockedLetter, modifyLetter, requestLetter } from '../letters/letter.service';
import { textPdf } from '../letters/scan-pdf';
import { configPn } from './cpq-catalogue.seed';
import type { DemoWorld } from './demo-world';
import { as, clockOn, commandsTo, daysAfter, saveRecord } from './kit';
import { addDays, DEMO_TODAY, type Random } from './random';
import { codeNamed, stepsIn, storyTable } from './story-data';

/** A protected opportunity a letter is asked for, with where its rows belong. */
type Opportunity = Record<'id' | 'no' | 'name' | 'companyId' | 'provinceCode' | 'cityCode', string>;

/** A letter's opportunity configured on the day of its request, by its applicant; `letter` once issued. */
type Deal = { opportunity: Opportunity; config: string; day: string; author: string; letter?: Letter };
/** An issued letter as the configuration line links it. */
type Letter = Record<'commitmentLetter' | 'commitmentLetterNo' | 'commitmentLetterUrl', string>;

/** A line of the configurator's tree as an opportunity's product line keeps it. */
const lineOf = ({ pn, parentRelationship, description, listPrice }: Record<string, unknown>) => {
  return { pn, parentRelationship, description, ListPrice: listPrice };
};

/**
 * The configuration an opportunity's product lines were configured with (CPQ): the configuration line
 * and its sub-BOM lines, priced at the configuration level, as the configurator hands them over. The
 * configuration line carries the letter cell (SPEC §4): it links an issued letter, or asks for one.
 */
async function configuredLines(db: Db, rng: Random, { opportunity, config, day, author, letter }: Deal) {
  const [tree, priced] = [await bomList(db, {}), await searchConfigurations(db, {})];
  const { children, platform, model, ...configuration } = tree.find((c) => c.pn === config)!;
  const StandardPrice = priced.find((c) => c.pn === config)?.standardPrice;
  const units = rng.int(2, 6);
  const brand = config.startsWith('CFG-PR') ? '合作品牌' : '自有品牌';
  const { no: ExtOpportunityNOText_SDK, name: ExtOpportunityName_SDK, id: opportunityId } = opportunity;
  const common = { ExtOpportunityNOText_SDK, ExtOpportunityName_SDK, opportunityId, platform, brand, model };
  const { issued, toBeChosen, notRequired } = codes.CommitmentLetterQuantity;
  const cell = { commitmentLetterQuantity: letter ? issued : toBeChosen, ...letter };
  const noLetter = { commitmentLetterQuantity: notRequired };
  const rows = [
    { ...lineOf(configuration), StandardPrice, ...cell, Quantity: units, bidderQuantity: rng.int(3, 6) },
    ...children.map((part) => ({ ...lineOf(part), ...noLetter, Quantity: part.quantity * units })),
  ];
  for (const data of rows) {
    const { at, uuid } = clockOn(rng, day);
    const stamp = { ...opportunity, id: uuid(), at, by: author };
    await saveRecord(db, 'opportunityItem', { ...common, ...data }, stamp);
  }
}

const PLANS = storyTable('letters');

/**
 * The demo's commitment letters on protected opportunities of the demo RSP, its CCP and the vendor's field
 * staff (asked by the channel manager), whose product lines are then configured from the CPQ catalogue.
 */
export async function seedLetters(db: Db, world: DemoWorld, files: LocalFiles) {
  const rng = world.rng.fork('letters');
  const names = ['rsp', 'ccp', 'channel', 'province', 'ops'];
  const [rsp, ccp, channel, province, ops] = await Promise.all(names.map((name) => as(db, name)));
  const applicantOf = new Map([rsp, ccp].map((agent) => [agent.companyId, agent]));
  const found =
    await sql<Opportunity>`select object_id::text as id, data->>'ExtOpportunityNOText_SDK' as no, data->>'Name' as name,
      company_id::text as "companyId", province_code as "provinceCode", city_code as "cityCode"
    from record where resource = 'opportunity' and data->>'ExtOpportunityStatus_SDK' = ${sql.lit(codes.OpportunityStatus.protected)}
      and province_code = ${province.provinceCode}
    order by coalesce(company_id = ${rsp.companyId ?? null}::uuid, false) desc, created_at, object_id
    limit ${PLANS.length}`.execute(db);
  for (const [index, opportunity] of found.rows.entries()) {
    const { outcome, type, model, configuration, clause, steps } = PLANS[index];
    const config = configPn(model, configuration);
    const applicant = applicantOf.get(opportunity.companyId) ?? channel;
    const day = addDays(DEMO_TODAY, -(14 - index));
    const at = daysAfter(rng, day);
    const brand = config.startsWith('CFG-PR') ? Brand.partnerBrand : Brand.ownBrand;
    const asked = { opportunityNo: opportunity.no, type: codeNamed(codes.CommitmentLetterType, type), brand };
    const tenderNo = `ZB-${day.slice(0, 4)}-${rng.digits(5)}`;
    const tenderUnit = `${opportunity.name.replace(/项目$/, '')}采购中心`;
    const [serviceYears, nonStandard, nonStandardClause] = [clause ? 5 : 3, Boolean(clause), clause || null];
    const bid = { tenderNo, tenderUnit, estimatedBidOpeningDate: addDays(DEMO_TODAY, 20 + index * 5) };
    const request = { ...asked, ...bid, serviceYears, nonStandard, nonStandardClause };
    const letter = await requestLetter(db, applicant, request, { clock: at(0) });
    const [id, no] = [String(letter.ObjectID), String(letter.commitmentLetterNo)];
    const act = commandsTo(db, 'commitmentLetter', id, at);
    let issued: Letter | undefined;
    const who = { applicant, province, ops };
    for (const [person, command, offset, payload] of stepsIn<keyof typeof who>(steps)) {
      if (command !== 'upload') await act(who[person], command, offset, payload);
      else {
        // The seal keeper uploads the stamped scan as the letter page's upload does (a generated PDF),
        // with an id and a time of the seed's own so two seeds give the same data.
        const uploaded = at(offset);
        const heading = [`Commitment letter ${no}`, `Opportunity ${opportunity.no}`, `Tender ${tenderNo}`];
        const bytes = textPdf([...heading, `Stamped ${addDays(day, offset)} - scan of the sealed original`]);
        const owner = { ownerType: FILE_OWNER_TYPES.contract, ownerId: id };
        const form = { ...owner, documentType: DOCUMENT_TYPES.manufacturerCommitmentLetter, accept: 'pdf' };
        const upload = { bytes, fileName: `${no}-盖章版.pdf`, form, objectId: uploaded.uuid() };
        const scan = await uploadLocalFile(db, files, ops, { ...upload, at: uploaded.at });
        const { version: Version } = await lockedLetter(db, ops, id);
        await modifyLetter(db, ops, { ObjectID: id, Version, commitmentLetterUrl: [scan] });
        issued = { commitmentLetter: no, commitmentLetterNo: no, commitmentLetterUrl: scan.FileURL };
      }
    }
    const deal = { opportunity, config, day, author: applicant.lastName, letter: issued };
    if (outcome !== 'withdrawn') await configuredLines(db, rng, deal);
  }
}
