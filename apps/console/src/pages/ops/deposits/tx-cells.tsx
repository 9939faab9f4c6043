import { Typography } from 'antd';

/** A hash or an address: shortened in the cell, copied whole. */
export function LongText({ value, width = 180 }: { value: string; width?: number }) {
  return (
    <Typography.Text copyable={{ text: value }} ellipsis style={{ maxWidth: width }}>
      {value}
    </Typography.Text>
  );
}
