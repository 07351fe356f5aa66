import { screen } from '@testing-library/react';
import { FileStatus } from '@/components/files/file-table';
import { renderWithIntl } from '../render';

describe('FileStatus', () => {
  it('shows a missing node placeholder row as missing only, not as a file to stamp', () => {
    renderWithIntl(
      <FileStatus row={{ id: 'm', isFile: 0, isMissing: 1, needStamped: 1, originalFilename: '合同档案' }} />,
    );
    expect(screen.getByText('缺失')).toBeInTheDocument();
    expect(screen.queryByText('未签章')).not.toBeInTheDocument();
  });

  it('shows problem and stamp states of a file', () => {
    renderWithIntl(
      <FileStatus row={{ id: 'f', isFile: 1, hasProblem: 1, needStamped: 1, originalFilename: 'a.png' }} />,
    );
    expect(screen.getByText('问题文件')).toBeInTheDocument();
    expect(screen.getByText('未签章')).toBeInTheDocument();
  });
});
