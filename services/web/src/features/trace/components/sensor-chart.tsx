import styled, { useTheme } from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { TraceSensorReading } from '@product-console/shared';
import { useTraceWords, unitSymbol } from '@/features/trace/model/trace-words';

const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: 6px;
  min-width: 0;
  figcaption { font-size: 13px; font-weight: 600; }
`;

const Readings = styled.details`
  font-size: 13px;
  summary { cursor: pointer; color: ${({ theme }) => theme.colors.textMuted}; }
  table { border-collapse: collapse; margin-top: 6px; }
  th, td { padding: 2px 10px 2px 0; text-align: start; }
  th { font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Charts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr));
  gap: 16px;
`;

/** Readings grouped by measurement type, in the order they were first seen. */
export function readingsByType(readings: readonly TraceSensorReading[]): Map<string, TraceSensorReading[]> {
  const groups = new Map<string, TraceSensorReading[]>();
  for (const reading of readings) {
    const group = groups.get(reading.type) ?? [];
    group.push(reading);
    groups.set(reading.type, group);
  }
  for (const group of groups.values()) group.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  return groups;
}

/** The readings of one measurement type as a small line chart, and the same readings as a table for those who cannot see it. */
function MeasurementChart({ type, readings }: { type: string; readings: TraceSensorReading[] }) {
  const intl = useIntl();
  const theme = useTheme();
  const words = useTraceWords();
  const unit = unitSymbol(readings.find((reading) => reading.uom)?.uom);
  const name = words.measurement(type);
  const time = (value: string) => intl.formatTime(value, { hour: '2-digit', minute: '2-digit' });
  const data = readings.map((reading) => ({ time: reading.time, value: reading.value ?? reading.maxValue ?? reading.minValue }));
  return (
    <Figure data-testid="sensor-chart">
      <figcaption>{unit ? `${name} (${unit})` : name}</figcaption>
      <div aria-hidden="true">
        <LineChart responsive style={{ width: '100%', height: 140 }} data={data} margin={{ top: 6, right: 12, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={theme.colors.border} strokeDasharray="3 3" />
          <XAxis dataKey="time" tickFormatter={time} tick={{ fontSize: 11 }} minTickGap={24} />
          <YAxis tick={{ fontSize: 11 }} domain={['auto', 'auto']} width={48} tickFormatter={(value: number) => intl.formatNumber(value, { maximumFractionDigits: 1 })} />
          <Tooltip labelFormatter={(label) => intl.formatDate(String(label), { dateStyle: 'medium', timeStyle: 'short' })} />
          <Line type="monotone" dataKey="value" name={name} stroke={theme.colors.primary} strokeWidth={2} dot={{ r: 2 }} isAnimationActive={false} />
        </LineChart>
      </div>
      <Readings>
        <summary>
          <FormattedMessage id="trace.sensor.table" />
        </summary>
        <table aria-label={name}>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="trace.sensor.time" />
              </th>
              <th scope="col">
                <FormattedMessage id="trace.sensor.value" />
              </th>
            </tr>
          </thead>
          <tbody>
            {readings.map((reading, index) => (
              <tr key={index} data-testid="sensor-reading">
                <td>{intl.formatDate(reading.time, { dateStyle: 'short', timeStyle: 'short' })}</td>
                <td>
                  {reading.value !== null
                    ? `${intl.formatNumber(reading.value)} ${unit}`.trim()
                    : `${reading.minValue !== null ? intl.formatNumber(reading.minValue) : '…'} – ${reading.maxValue !== null ? intl.formatNumber(reading.maxValue) : '…'} ${unit}`.trim()}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Readings>
    </Figure>
  );
}

/** One small chart per measurement type of an event's sensor readings. */
export function SensorCharts({ readings }: { readings: readonly TraceSensorReading[] }) {
  const groups = readingsByType(readings);
  return (
    <Charts>
      {[...groups].map(([type, group]) => (
        <MeasurementChart key={type} type={type} readings={group} />
      ))}
    </Charts>
  );
}
