import { useActorRef } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef } from 'react';
import { publicCompanyLookupLogic } from '../../../machines/registration/public-lookup.actors';
import type { Translate } from '../../app-context';
import { CompanyLookupDialog } from '../../kit/company-lookup-dialog';
import { toast } from '../../shell/toast-bus';

interface CompanyNameFieldProps {
  id: string;
  value: string;
  invalid: boolean;
  onChange(value: string): void;
  onPick(company: { name: string; creditCode?: string; representative?: string }): void;
  t: Translate;
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The company name, typed or found in the company registry (the kit's lookup on public calls). */
export function CompanyNameField({ id, value, invalid, onChange, onPick, t }: CompanyNameFieldProps) {
  const lookup = useActorRef(publicCompanyLookupLogic, { input: { field: 'Name' } });
  const latest = useRef({ onPick, t });
  latest.current = { onPick, t };
  useEffect(() => {
    const subs = [
      lookup.on('picked', (e) => {
        const row = e.rows[0] ?? {};
        latest.current.onPick({
          name: e.text,
          creditCode: text(row.CreditCode),
          representative: text(row.Representative),
        });
      }),
      lookup.on('notify', (e) =>
        toast({ text: latest.current.t(e.message) || e.message, severity: e.severity }),
      ),
    ];
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [lookup]);

  return (
    <div className="p-inputgroup">
      <InputText id={id} value={value} invalid={invalid} onChange={(e) => onChange(e.target.value)} />
      <Button
        type="button"
        icon="pi pi-search"
        aria-label={t('registration.placeholder.search')}
        title={t('registration.placeholder.search')}
        onClick={() => {
          lookup.send({ type: 'lookup.open' });
          if (value.trim()) lookup.send({ type: 'keyword.change', keyword: value.trim() });
        }}
      />
      <CompanyLookupDialog lookup={lookup} t={t} />
    </div>
  );
}
