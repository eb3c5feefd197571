import pytest

from planning.store import Clock, InMemoryPlanStore
from tests.planning.store.conformance import PlanStoreConformance, StoreFactory
from tests.planning.store.conformance_audit import AuditConformance
from tests.planning.store.conformance_claims import ClaimConformance
from tests.planning.store.conformance_locks import ThreadLockConformance
from tests.planning.store.conformance_retention import RetentionConformance


class TestInMemoryPlanStore(
    PlanStoreConformance, AuditConformance, ClaimConformance, RetentionConformance, ThreadLockConformance
):
    @pytest.fixture
    def store_factory(self) -> StoreFactory:
        async def factory(clock: Clock) -> InMemoryPlanStore:
            return InMemoryPlanStore(clock=clock)

        return factory
