/**
 * Leads (issue 16): the newest first, every filter of the API, search by email or phone, pages by
 * keyset (Older goes on from the last row shown; Back returns), and the CSV of the filtered list.
 */
import { BRAND_IDENTITIES, DELIVERY_STATUSES, LANGUAGES, LeadPageSchema, US_STATE_CODES } from '@app/funnel';
import type { FormEvent } from 'react';
import { CONSOLE_API, getJson } from '../api/console-client';
import { fieldProblems } from '../api/console-errors';
import { ConsoleLink } from '../app/console-link';
import { navigate } from '../app/console-router';
import { LoadStatus } from '../app/load-status';
import { useConsoleData } from '../app/use-console-data';
import { filterValuesOf, FILTER_FIELDS, leadsQuery, type FilterField, type FilterValues } from './lead-filters';
import { DeliveryBadges } from './delivery-badges';
import { formatTime } from '../app/format';
import { formText } from '../app/form-text';
import { TableHead } from '../app/table-head';

function Select(props: {
  name: FilterField;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <label className="console-field">
      <span>{props.label}</span>
      <select name={props.name} defaultValue={props.value}>
        <option value="">Any</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

function Text(props: { name: FilterField; label: string; value: string; type?: string; placeholder?: string }) {
  return (
    <label className="console-field">
      <span>{props.label}</span>
      <input name={props.name} type={props.type ?? 'text'} defaultValue={props.value} placeholder={props.placeholder} />
    </label>
  );
}

const same = (values: readonly string[]) => values.map((value) => [value, value] as const);

function FiltersForm(props: { values: FilterValues }) {
  const { values } = props;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const field of FILTER_FIELDS) {
      const value = formText(form, field).trim();
      if (value) next[field] = value;
    }
    navigate(`/leads${leadsQuery(filterValuesOf(new URLSearchParams(next)))}`);
  };
  // A new address (Back, a reset) gives the form its values again.
  const formKey = JSON.stringify(values);
  return (
    <form key={formKey} className="console-filters" onSubmit={submit} role="search" aria-label="Filter leads">
      <Text
        name="q"
        label="Name, email or phone"
        value={values.q}
        type="search"
        placeholder="Maria Lopez, maria@example.com or (512) 555-0100"
      />
      <Text name="from" label="Received from" value={values.from} type="date" />
      <Text name="to" label="Received to" value={values.to} type="date" />
      <Text name="variant" label="Variant" value={values.variant} placeholder="extended" />
      <Select
        name="brand"
        label="Brand"
        value={values.brand}
        options={BRAND_IDENTITIES.map((b) => [b.id, b.name] as const)}
      />
      <Select name="language" label="Language" value={values.language} options={same(LANGUAGES)} />
      <Select name="qualified" label="Qualified" value={values.qualified} options={same(['yes', 'no'])} />
      <Text name="dq_reason" label="DQ reason" value={values.dq_reason} placeholder="with_Lawyer|yes" />
      <Select name="state" label="State" value={values.state} options={same(US_STATE_CODES)} />
      <Text name="buyer" label="Buyer" value={values.buyer} placeholder="buyer key" />
      <Select
        name="delivery_status"
        label="Delivery status"
        value={values.delivery_status}
        options={same(DELIVERY_STATUSES)}
      />
      <div className="console-filter-actions">
        <button type="submit" className="console-button">
          Apply
        </button>
        <ConsoleLink to="/leads" className="console-button console-button-quiet">
          Clear
        </ConsoleLink>
      </div>
    </form>
  );
}

export default function LeadsScreen(props: { search: URLSearchParams }) {
  const values = filterValuesOf(props.search);
  const before = props.search.get('before') ?? '';
  const limit = props.search.get('limit') ?? '';
  const query = leadsQuery(values, { before, limit });
  const page = useConsoleData(() => getJson(`/leads${query}`, LeadPageSchema), query);
  const csvHref = `${CONSOLE_API}/leads.csv${leadsQuery(values)}`;
  const problems = page.state === 'failed' ? fieldProblems(page.error) : [];

  return (
    <section
      className="console-screen"
      aria-labelledby="leads-title"
      data-loaded={page.state === 'ready' ? query : undefined}
    >
      <div className="console-title-row">
        <h1 id="leads-title">Leads</h1>
        <a className="console-button console-button-quiet" href={csvHref} download data-testid="csv-export">
          Export CSV of this list
        </a>
      </div>
      <FiltersForm values={values} />
      {problems.length > 0 && (
        <ul className="console-alert" role="alert">
          {problems.map((problem) => (
            <li key={problem.field}>
              {problem.field}: {problem.message}
            </li>
          ))}
        </ul>
      )}
      {page.state !== 'ready' ? (
        <LoadStatus state={page.state} error={page.error} onRetry={page.reload} />
      ) : page.data.leads.length === 0 ? (
        <p className="console-muted">No lead matches these filters.</p>
      ) : (
        <>
          <div className="console-table-wrap">
            <table className="console-table console-leads-table">
              <TableHead
                columns={['Received', 'Name', 'Contact', 'State', 'Variant', 'Qualified', 'DQ reason', 'Deliveries']}
              />
              <tbody>
                {page.data.leads.map((lead) => (
                  <tr key={lead.id} data-lead={lead.id}>
                    <td className="console-nowrap">{formatTime(lead.received_at)}</td>
                    <td data-col="name">
                      <ConsoleLink to={`/leads/${encodeURIComponent(lead.id)}`}>
                        {`${lead.first_name} ${lead.last_name}`.trim() || '(no name)'}
                      </ConsoleLink>
                    </td>
                    <td data-col="contact">
                      <span className="console-cell-line">{lead.email}</span>
                      <span className="console-cell-line console-nowrap">{lead.phone}</span>
                    </td>
                    <td>{lead.state}</td>
                    <td>
                      {lead.variant} <span className="console-muted">{lead.language}</span>
                    </td>
                    <td>{lead.lead_is_qualified}</td>
                    <td data-col="dq">{lead.dq_reason}</td>
                    <td data-col="deliveries">
                      <DeliveryBadges deliveries={lead.delivery} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="console-pager" aria-label="Pages">
            {before && (
              <ConsoleLink
                to={`/leads${leadsQuery(values, { limit })}`}
                className="console-button console-button-quiet"
              >
                Newest
              </ConsoleLink>
            )}
            {page.data.next !== null && (
              <ConsoleLink
                to={`/leads${leadsQuery(values, { before: String(page.data.next), limit })}`}
                className="console-button"
              >
                Older
              </ConsoleLink>
            )}
          </nav>
        </>
      )}
    </section>
  );
}
