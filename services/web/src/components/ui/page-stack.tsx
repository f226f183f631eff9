import styled from 'styled-components';

/** A console page's sections, one under the other. */
export const PageStack = styled.div`
  display: grid;
  gap: 24px;
`;
