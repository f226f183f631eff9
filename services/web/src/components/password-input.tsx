import { useState, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { useIntl } from 'react-intl';
import { EyeIcon, EyeOffIcon } from '@/components/icons';
import { IconButton } from '@/components/ui/button';
import { Input } from '@/components/ui/field';

const Box = styled.div`
  position: relative;
  input { padding-right: 48px; }
  button { position: absolute; right: 2px; top: 2px; }
`;

/** A password box with a show/hide toggle that keyboard users can reach. */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  return (
    <Box>
      <Input {...props} type={visible ? 'text' : 'password'} />
      <IconButton
        aria-label={intl.formatMessage({ id: visible ? 'login.hidePassword' : 'login.showPassword' })}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
      </IconButton>
    </Box>
  );
}
