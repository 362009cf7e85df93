import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useRef } from 'react';
import { DIALOG_DEFAULT_WIDTH } from '../../../domain/constants';
import { formatPrice } from '../../../domain/format';
import { cpqPickerLogic } from '../../../machines/special-prices/cpq-picker.actors';
import {
  CPQ_LEVELS,
  type CpqPrice,
  cpuSearchParams,
  offeredConfigurations,
} from '../../../machines/special-prices/cpq-picker.machine';
import { useT } from '../../app-context';
import { Dialog } from '../../kit/dialog';
import { LabelledField } from '../../kit/dialog-parts';
import { PickerField } from '../../kit/picker-field';

/**
 * The button of a request line that picks a configured product (CPQ): platform, brand, type and model
 * from the catalogue, a processor from the CPU dialog if wanted, then one of the model's
 * configurations with its list and standard price. The chosen configuration, priced at the
 * configuration level, goes to the line.
 */
export function CpqPickerButton({ line, onPicked }: { line: number; onPicked: (price: CpqPrice) => void }) {
  const t = useT();
  const picker = useActorRef(cpqPickerLogic);
  const picked = useRef(onPicked);
  picked.current = onPicked;
  useEffect(() => {
    const sub = picker.on('picked', (e) => picked.current(e.price));
    return () => sub.unsubscribe();
  }, [picker]);
  const open = useSelector(picker, (s) => s.matches('open'));
  const context = useSelector(picker, (s) => s.context);
  const busy = useSelector(picker, (s) => s.hasTag('busy'));
  const p = (key: string) => t(`specialPrices.cpq.${key}`);
  const offered = offeredConfigurations(context);
  return (
    <>
      <Button
        type="button"
        text
        icon="pi pi-sitemap"
        aria-label={`${p('pick')} ${line}`}
        title={p('pick')}
        onClick={() => picker.send({ type: 'cpq.open' })}
      />
      <Dialog
        header={p('title')}
        visible={open}
        style={{ width: DIALOG_DEFAULT_WIDTH }}
        onHide={() => picker.send({ type: 'cpq.close' })}
      >
        <div className="portal-approval-facts" aria-busy={busy}>
          {/* Platform, brand, type and model are each chosen before the model's configurations show. */}
          {CPQ_LEVELS.map((level) => (
            <LabelledField key={level} id={`cpq-${line}-${level}`} label={p(level)} required>
              <Dropdown
                inputId={`cpq-${line}-${level}`}
                value={context.chosen[level] ?? null}
                options={context.options[level] ?? []}
                optionLabel="name"
                optionValue="code"
                placeholder={p('choose')}
                disabled={!context.options[level]?.length}
                onChange={(e) => picker.send({ type: 'cpq.level', level, code: String(e.value ?? '') })}
              />
            </LabelledField>
          ))}
          <LabelledField id={`cpq-${line}-cpu`} label={p('cpu')}>
            <PickerField
              picker="cpu"
              field="cpu"
              id={`cpq-${line}-cpu`}
              value={context.cpu}
              params={cpuSearchParams(context)}
              onChange={(text) => picker.send({ type: 'cpq.cpu', cpu: text })}
            />
          </LabelledField>
        </div>
        {context.error && (
          <div className="portal-form-error" role="alert">
            {t(context.error) || context.error}
          </div>
        )}
        {context.chosen.model && (
          <table className="portal-approval-table" aria-label={p('configurations')}>
            <thead>
              <tr>
                <th scope="col">{p('pn')}</th>
                <th scope="col">{p('name')}</th>
                <th scope="col">{p('cpu')}</th>
                <th scope="col">{p('listPrice')}</th>
                <th scope="col">{p('standardPrice')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {offered.map((c) => (
                <tr key={c.pn}>
                  <td>{c.pn}</td>
                  <td>{c.configName}</td>
                  <td>{c.cpu ?? ''}</td>
                  <td>{formatPrice(c.listPrice)}</td>
                  <td>{formatPrice(c.standardPrice)}</td>
                  <td>
                    <Button
                      type="button"
                      size="small"
                      label={p('use')}
                      aria-label={`${p('use')} ${c.pn}`}
                      disabled={busy}
                      onClick={() => picker.send({ type: 'cpq.choose', pn: c.pn })}
                    />
                  </td>
                </tr>
              ))}
              {!busy && offered.length === 0 && (
                <tr>
                  <td colSpan={6}>{p('none')}</td>
                </tr>
              )}
            </tbody>
          </table>
        )}
      </Dialog>
    </>
  );
}
