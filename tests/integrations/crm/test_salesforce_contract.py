"""The Salesforce connector passes the CRM contract suite against the fake Salesforce org."""

import pytest

from integrations.base import Connector
from integrations.crm.salesforce import SalesforceCrm
from tests.integrations.contract_suite import CrmContract


@pytest.fixture
def connector(salesforce_crm: SalesforceCrm) -> Connector:
    return salesforce_crm


class TestSalesforceCrmContract(CrmContract):
    pass
