"""The HubSpot connector passes the CRM contract suite, v1 and v2 (notes, tasks, date filters), against the fake
HubSpot."""

import pytest

from integrations.base import Connector
from integrations.crm.hubspot import HubSpotCrm
from tests.integrations.contract_suite import CrmContract, CrmContractV2, CrmContractV3


@pytest.fixture
def connector(hubspot_crm: HubSpotCrm) -> Connector:
    return hubspot_crm


class TestHubSpotCrmContract(CrmContract, CrmContractV2, CrmContractV3):
    pass
