import { NO_NRV_MARK, nrvText, type NutritionalInfo } from '@elmwood/domain';

/** Nutrient, amount and NRV per serving; a dagger marks nutrients with no reference value (SPEC §9). */
export function NutritionTable({ info, headingId }: { info: NutritionalInfo; headingId?: string }) {
  const anyWithoutNrv = info.table.some((row) => nrvText(row.nrv) === NO_NRV_MARK);
  return (
    <div className="nutrition">
      <table className="nutrition__table" aria-labelledby={headingId}>
        <caption className="nutrition__caption">Per serving: {info.serving_size}</caption>
        <thead>
          <tr>
            <th scope="col">Nutrient</th>
            <th scope="col">Amount</th>
            <th scope="col">
              <abbr title="Nutrient reference value">NRV</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {info.table.map((row) => {
            const nrv = nrvText(row.nrv);
            return (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td className="tabular">{row.amount}</td>
                <td className="tabular">
                  {nrv === NO_NRV_MARK ? (
                    <>
                      <span aria-hidden="true">{NO_NRV_MARK}</span>
                      <span className="visually-hidden">No NRV established</span>
                    </>
                  ) : (
                    nrv
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="nutrition__notes">
        {anyWithoutNrv ? <p>{NO_NRV_MARK} No NRV established</p> : null}
        <p>NRV: nutrient reference value for adults.</p>
      </div>
    </div>
  );
}
