import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ModelScreen } from '@/components/system/develop-screens';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith, fillIn } from './fixtures';

describe('ModelScreen: 字段配置', () => {
  it("lists the model's fields and adds one with the model id, checking the column name", async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['model_edit']),
      '/api/blade-develop/datasource/list': page([]),
      '/api/blade-develop/model/table-list': [],
      '/api/blade-develop/model/list': page([{ id: 'm1', modelName: '合同', modelTable: 'biz_contract' }]),
      '/api/blade-develop/model-prototype/list': page([
        {
          id: 'f1',
          jdbcName: 'contract_name',
          comment: '合同名称',
          jdbcType: 'varchar(100)',
          isList: 1,
          sort: 1,
        },
      ]),
      'POST /api/blade-develop/model-prototype/submit': {},
    });
    renderScreen(<ModelScreen />);
    fireEvent.click(await screen.findByRole('button', { name: '字段配置' }));
    const dialog = await screen.findByRole('dialog', { name: /字段配置：合同/ });
    expect(await within(dialog).findByText('contract_name')).toBeInTheDocument();
    expect(blade.to('/api/blade-develop/model-prototype/list')[0].query.get('modelId')).toBe('m1');

    fireEvent.click(within(dialog).getByRole('button', { name: '新增' }));
    const form = await screen.findByRole('dialog', { name: /新增字段/ });
    fireEvent.change(within(form).getByLabelText('字段名'), { target: { value: 'Bad-Name' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('字段名只能包含小写字母、数字和下划线')).toBeInTheDocument();
    expect(within(form).getByText('请输入字段说明')).toBeInTheDocument();
    fillIn(form, { 字段名: 'signed_on', 字段说明: '签订日期', 字段类型: 'date' });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(blade.to('/api/blade-develop/model-prototype/submit')).toHaveLength(1));
    const body = blade.to('/api/blade-develop/model-prototype/submit')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      modelId: 'm1',
      jdbcName: 'signed_on',
      comment: '签订日期',
      jdbcType: 'date',
      isList: 1,
      queryType: 'equal',
    });
    // Blank means "derive it on the server".
    expect(body.propertyName).toBeUndefined();
    expect(body.sort).toBeUndefined();
  });

  it('is not offered without model_edit', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['model_view']),
      '/api/blade-develop/datasource/list': page([]),
      '/api/blade-develop/model/table-list': [],
      '/api/blade-develop/model/list': page([{ id: 'm1', modelName: '合同', modelTable: 'biz_contract' }]),
    });
    renderScreen(<ModelScreen />);
    expect(await screen.findByText('合同')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '查看' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '字段配置' })).not.toBeInTheDocument();
  });
});
