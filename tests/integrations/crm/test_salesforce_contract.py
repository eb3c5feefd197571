"""The Salesforce connector passes the CRM contract suite, v1 and v2 (notes, tasks, date filters), against the fake
Salesforce org."""

import pytest

from integrations.base import Connector
from integrations.crm.salesforce import SalesforceCrm
from tests.integrations.contract_suite import CrmContract, CrmContractV2, CrmContractV3


@pytest.fixture
def connector(salesforce_crm: SalesforceCrm) -> Connector:
    return salesforce_crm


class TestSalesforceCrmContract(CrmContract, CrmContractV2, CrmContractV3):
    pass
