import styled from 'styled-components';
import { Select } from '@/components/ui/field';

export const TextArea = styled.textarea`
  width: 100%;
  padding: 10px 14px;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  font: inherit;
  resize: vertical;
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.primarySoft};
    outline: none;
  }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

export const FieldError = styled.small`
  color: ${({ theme }) => theme.colors.danger};
  font-size: 12px;
`;

export const Hint = styled.small`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 12px;
`;

export const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 16px;
`;

export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  &[hidden] { display: none; }
`;

export const CheckRow = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-size: 14px;
  cursor: pointer;
  input { width: 18px; height: 18px; }
`;

export const Thumbs = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  list-style: none;
  margin: 0;
  padding: 0;
`;

export const ThumbItem = styled.li`
  position: relative;
  width: 112px;
  img {
    width: 112px;
    height: 112px;
    object-fit: cover;
    border-radius: 10px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    display: block;
  }
  button { margin-top: 6px; width: 100%; }
`;

/** A group of fields under a heading, without the browser's frame. */
export const Fieldset = styled.fieldset<{ $gap?: number }>`
  border: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ $gap }) => $gap ?? 8}px;
`;

export const Legend = styled.legend`
  font-weight: 600;
  font-size: 13px;
  margin-bottom: 8px;
`;

/** A line of controls (radio buttons, a select and its button) that wraps on small screens. */
export const Inline = styled.div<{ $gap?: number }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ $gap }) => $gap ?? 8}px;
`;

/** A select as tall as a text input, for selects that sit among the form's inputs. */
export const FormSelect = styled(Select)`
  height: 44px;
`;

/** An upload's progress bar. */
export const UploadProgress = styled.progress`
  width: 100%;
  height: 8px;
`;
